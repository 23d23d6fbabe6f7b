# badinput: a duplicated continuation line starts indented and ends with an unmatched ')': CPython's parser meets the INDENT first ('unexpected indent', reported without reading further), not the tokenizer's unmatched ')' (h11 mutation sweep)
# expect-exit: 1
# expect-stderr: h11_syntax_indent_before_unmatched.py:7:11: IndentationError: unexpected indent
values = [1, 2]
print(sum(values),
          [v * 2 for v in values])
          [v * 2 for v in values])
