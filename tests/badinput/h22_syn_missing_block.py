# badinput: an if without its block
# expect-exit: 1
# expect-stderr: IndentationError: expected an indented block after 'if' statement on line 4
if True:
pass
