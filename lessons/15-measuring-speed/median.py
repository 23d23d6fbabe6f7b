import torch

# Timings are noisy: another process, a page fault or a clock change makes one
# run slow. The mean follows such outliers; the median does not. These nine
# numbers are an example run (microseconds) with one disturbed repetition.
samples = [52.1, 51.8, 52.4, 51.9, 240.0, 52.0, 52.3, 51.7, 52.2]
t = torch.tensor(samples, dtype=torch.float64)
print(f"mean:   {t.mean().item():.1f} us")
print(f"median: {t.median().item():.1f} us")
print(f"min:    {t.min().item():.1f} us")
print(f"max:    {t.max().item():.1f} us")
ordered = sorted(samples)
print(f"middle half: {ordered[2]:.1f} .. {ordered[6]:.1f} us")
