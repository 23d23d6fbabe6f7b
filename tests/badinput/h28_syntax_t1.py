# badinput: f-string format specs nested four deep
# expect-exit: 1
# expect-stderr: h28_syntax_t1.py:4:23: SyntaxError: f-string: expressions nested too deeply
print(f"{1+2:{1+2:{1+1:{1}}}}")
