"""Braille on paper: liblouis reached through ctypes, lines and pages of cells, raised dots.

One module per idea: :mod:`binding` turns print text into cells and back with liblouis,
:mod:`pages` lays cells out in lines and pages and writes them as BRF or Unicode Braille,
:mod:`svg` draws cells as dots at standard Braille dimensions. What a game puts on paper
(its sheet's lines, its labels) is the game's own; :mod:`paper` joins the two for the commands.
"""
