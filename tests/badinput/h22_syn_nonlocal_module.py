# badinput: nonlocal at module level
# expect-exit: 1
# expect-stderr: SyntaxError: nonlocal declaration not allowed at module level
nonlocal x
