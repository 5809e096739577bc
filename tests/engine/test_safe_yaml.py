"""The engine's YAML reading: a safe loader's events and nodes, nothing constructed."""

import yaml

from civgame.framework.safe_yaml import safe_events, safe_node

TEXT = "game:\n  round: 2\n  names: [a, b]\nhostile: !!python/object/apply:os.system ['echo no']\n"


def _pure_python_safe_events(text: str) -> list[yaml.Event]:
    loader = yaml.SafeLoader(text)  # PyYAML's own safe parser, in Python (ours may be libyaml's)
    events = []
    while loader.check_event():
        events.append(loader.get_event())
    loader.dispose()
    return events


def test_events_are_those_of_pyyaml_s_safe_parser():
    ours = [(type(e), getattr(e, "value", None), getattr(e, "tag", None)) for e in safe_events(TEXT)]
    theirs = [(type(e), getattr(e, "value", None), getattr(e, "tag", None)) for e in _pure_python_safe_events(TEXT)]
    assert ours == theirs and len(ours) > 10


def test_a_node_tree_is_composed_without_constructing_anything():
    node = safe_node(TEXT)
    assert isinstance(node, yaml.MappingNode)
    hostile = node.value[1][1]
    assert hostile.tag == "tag:yaml.org,2002:python/object/apply:os.system"  # left to the builders to refuse
    assert safe_node("") is None
