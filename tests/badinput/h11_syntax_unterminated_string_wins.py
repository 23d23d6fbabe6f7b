# badinput: a parser error followed by an unterminated string: CPython's tokenizer reads the rest of the file and its error (set as an exception) replaces the parser's (h11 mutation sweep)
# expect-exit: 1
# expect-stderr: h11_syntax_unterminated_string_wins.py:5:5: SyntaxError: unterminated string literal (detected at line 5)
x = = 1
y = "abc
