# badinput: repeated str.replace doubling to 100 MB stays under the caps
# expect-exit: 0
# expect-stdout: 102400000
s = "a" * 100000
for i in range(10):
    s = s.replace("a", "aa")
print(len(s))
