# badinput: Python misuse: break outside
# expect-exit: 1
# expect-stderr: h35_break_outside.py:4:1: SyntaxError: 'break' outside loop
break
