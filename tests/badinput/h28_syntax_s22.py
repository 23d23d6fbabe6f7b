# badinput: an unmatched ')'
# expect-exit: 1
# expect-stderr: h28_syntax_s22.py:4:5: SyntaxError: unmatched ')'
x = )
