"""One module per ``depguard`` sub-command; see :mod:`depguard.cli`."""
