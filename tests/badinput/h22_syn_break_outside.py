# badinput: break outside a loop
# expect-exit: 1
# expect-stderr: SyntaxError: 'break' outside loop
break
