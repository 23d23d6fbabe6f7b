# error: 2:14: unmatched ')'
print(f'{1 + )}')
