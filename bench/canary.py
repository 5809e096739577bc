"""A module no code ever imports: the fuzzers' object-building YAML tags name it, so finding it
in sys.modules means a loader built an object from a tag, that is, ran code from a file."""


def trip(*args: object) -> None:
    raise AssertionError("a YAML tag called bench.canary.trip")


class Tripwire:
    def __init__(self, *args: object) -> None:
        raise AssertionError("a YAML tag built bench.canary.Tripwire")
