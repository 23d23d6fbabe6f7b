# badinput: dict.pop inside a loop over d.items()
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = dict.fromkeys(range(5))
for k, v in d.items():
    d.pop(k)
