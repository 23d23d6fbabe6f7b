# error: 2:14: f-string: unmatched ')'
print(f'{1 + )}')
