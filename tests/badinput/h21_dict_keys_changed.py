# badinput: dict resized while iterating its keys
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d={1:1}
for k in d.keys():
    d[k+1]=1
