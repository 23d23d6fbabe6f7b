# badinput: break outside loop
# expect-exit: 1
# expect-stderr: SyntaxError: 'break' outside loop
break
