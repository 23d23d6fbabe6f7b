# keyword: Python 3.12's keywords and soft keywords (the match statement's `match`, `case`, `_`
# and the `type` statement's `type` are names except where their statement starts), as CPython's
# generated Lib/keyword.py lists them.
__all__ = ["iskeyword", "issoftkeyword", "kwlist", "softkwlist"]

kwlist = [
    'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue', 'def',
    'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is',
    'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield',
]

softkwlist = ['_', 'case', 'match', 'type']

iskeyword = frozenset(kwlist).__contains__
issoftkeyword = frozenset(softkwlist).__contains__
