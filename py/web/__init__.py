"""Flankwise's PyScript adapter: pointer events in, a call into ``rules``, a redraw out.

Nothing here decides a rule. Modules that touch the browser (``main``, ``painter``) import
``js``; the pure ones (``scene``, ``view``) run under CPython too, so their tests need no browser.
"""
