# badinput: a keyword as a variable
# expect-exit: 1
# expect-stderr: SyntaxError
class = 3
