"""Shared helpers of combat tests: forced die faces and units arriving in a space."""

from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.rules.combat import enter_space

LEADER = (1, "leader")


def face(s, value, icon):
    """The die face index showing `value` with `icon`."""
    die = s.game.rules.combat.die
    return next(i for i, f in enumerate(die) if f.value == value and f.icon == icon)


def dice(s, *faces):
    """Queue die faces, given as (value, icon) pairs, for the next rolls."""
    s.fix_dice(*(face(s, v, icon) for v, icon in faces))


def attack(s, owner, units, label, origin, can_retreat=True):
    """Move `units` (already placed at `label`) in from `origin` and resolve the arrival."""
    ids = [u.id for u in units]
    enter_space(s.game, owner, ids, s.hex(label), {i: s.hex(origin) for i in ids}, can_retreat)


def alive(s, units):
    return [u for u in units if s.game.unit(u.id) is not None]


def sea_pair(s):
    """Labels of two adjacent sea spaces (battle space, origin) of the revealed board."""
    g = s.game
    for h in sorted(g.space_region):
        for n in g.board_neighbors(h):
            if g.is_water(h) and g.is_water(n):
                return hex_to_label(h), hex_to_label(n)
    raise AssertionError("the board has no two adjacent sea spaces")


def laden_fleet(s, space):
    """Two ships of player 0 at `space`, the first carrying an infantry and a cavalry, the second an
    infantry: (first ship, second ship, [their cargo])."""
    ship_a, ship_b = s.unit(0, "ship", space), s.unit(0, "ship", space)
    cargo = [
        s.unit(0, "infantry", space, carrier=ship_a),
        s.unit(0, "cavalry", space, carrier=ship_a),
        s.unit(0, "infantry", space, carrier=ship_b),
    ]
    return ship_a, ship_b, cargo
