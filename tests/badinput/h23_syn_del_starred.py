# badinput: del of a starred target
# expect-exit: 1
# expect-stderr: h23_syn_del_starred.py:5:5: SyntaxError: cannot delete starred
a = [1]
del *a
