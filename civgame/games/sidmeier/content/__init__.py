"""The game's content: effect primitives, and the rules data with its models (`ruleset`)."""
