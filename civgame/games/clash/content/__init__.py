"""Rule content: the rules-data schema and its loader, effects, conditions.

Importing it removes pydantic's attribute hook (`plain_attributes`), which every rules model would
otherwise pay on every attribute read."""

from civgame.games.clash.content import plain_attributes

plain_attributes.remove_attribute_hook()
