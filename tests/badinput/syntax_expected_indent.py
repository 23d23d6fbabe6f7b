# badinput: an if with no indented block
# expect-exit: 1
# expect-stderr: IndentationError: expected an indented block after 'if' statement on line 4
if True:
x = 1
