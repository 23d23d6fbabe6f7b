# badinput: continue inside finally (legal since 3.8)
# expect-exit: 0
# expect-stdout: ok
for i in range(2):
    try:
        pass
    finally:
        continue
print("ok")
