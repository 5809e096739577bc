"""Resource abilities of techs, cancelling held acts, and the choices a learned tech asks for."""
