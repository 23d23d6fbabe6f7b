# badinput: catching the budget error does not buy more instructions
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
while True:
    try:
        while True:
            pass
    except BaseException:
        print("caught")
