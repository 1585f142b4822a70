"""Scythe (Stonemaier Games 2016, base game): the component data the rules engine will stand on.

The game is not yet registered with the service: this package holds only the content types
(``content.py``) and the default content pack (``data/*.json``, loaded by
``content.default_content()``). The rules engine comes later.
"""
