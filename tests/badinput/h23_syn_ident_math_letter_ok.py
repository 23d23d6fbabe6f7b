# badinput: mathematical letters normalize (NFKC) to ASCII names
# expect-exit: 0
# expect-stdout: 5
𝐱 = 5
print(x)
