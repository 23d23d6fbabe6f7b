# badinput: format specs nested three deep
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: expressions nested too deeply
x=1
print(f"{x:{1:{2:{3}}}}")
