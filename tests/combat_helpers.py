"""Shared helpers of combat tests: forced die faces and units arriving in a space."""

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
