# badinput: --max-instructions 0 means no limit (documented)
# kiln-args: --max-instructions 0
# expect-exit: 0
# expect-stdout: 499500
print(sum(range(1000)))
