# badinput: a def with an unindented body
# expect-exit: 1
# expect-stderr: h28_syntax_s3.py:5:1: IndentationError: expected an indented block after function definition on line 4 (hint: indent the body (4 spaces), or write 'pass' for an empty block)
def f():
print(1)
