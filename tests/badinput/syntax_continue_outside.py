# badinput: continue outside a loop
# expect-exit: 1
# expect-stderr: SyntaxError: 'continue' not properly in loop
continue
