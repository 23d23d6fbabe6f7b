# badinput: int() of fullwidth digits is valid
# expect-exit: 1
# expect-stderr: ValueError: invalid literal for int() with base 10: '１x'
# expect-stdout: 1.5
print(int('\uff11\uff12') + 1)
print(float('\u0661.\u0665'))
int('\uff11x')
