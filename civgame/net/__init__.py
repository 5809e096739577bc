"""Play across the network: a host that holds games, and the players' clients (docs/network.md)."""
