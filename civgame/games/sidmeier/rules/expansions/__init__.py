"""The rules the expansions add (Fame and Fortune, Wisdom and Warfare), switched on by their data."""
