# badinput: a with target that is a call
# expect-exit: 1
# expect-stderr: SyntaxError: cannot assign to function call
with open(__file__) as f(): pass
