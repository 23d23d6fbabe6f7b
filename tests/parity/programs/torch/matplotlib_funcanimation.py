# matplotlib.animation.FuncAnimation saved with PillowWriter, as diffusion demos save the denoising
# steps as a GIF: the frame function's calls (the initial draw, then each frame), fargs, init_func,
# frames as a count / list / generator function, save_count and progress_callback.
import warnings
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
from matplotlib.animation import FuncAnimation, PillowWriter, ArtistAnimation
import numpy as np
import os, tempfile

d = tempfile.mkdtemp()
store = np.arange(12, dtype=np.float64).reshape(3, 2, 2)
fig, axs = plt.subplots(nrows=1, ncols=2, sharex=True, sharey=True, figsize=(8, 3))
calls = []


def animate_diff(i, x_gen_store):
    print(f'gif animating frame {i} of {x_gen_store.shape[0]}')
    calls.append(i)
    plots = []
    for col in range(2):
        axs[col].clear()
        axs[col].set_xticks([])
        plots.append(axs[col].imshow(-x_gen_store[i, col], cmap='gray', vmin=(-x_gen_store[i]).min(), vmax=(-x_gen_store[i]).max()))
    return plots


with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    ani = FuncAnimation(fig, animate_diff, fargs=[store], interval=200, blit=False, repeat=True, frames=store.shape[0])
    print('created', calls)
    ani.save(os.path.join(d, 'gif_ep0_w0.0.gif'), dpi=100, writer=PillowWriter(fps=5))
print('saved', calls)

seen = []
fig2, ax2 = plt.subplots()
line, = ax2.plot([], [])


def init():
    seen.append('init')
    line.set_data([], [])
    return line,


def update(frame):
    seen.append(frame)
    line.set_data([0, frame], [0, frame * frame])
    return line,


with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    anim = FuncAnimation(fig2, update, frames=[5, 7, 9], init_func=init, blit=True)
    progress = []
    anim.save(os.path.join(d, 'b.gif'), writer='pillow', progress_callback=lambda i, n: progress.append((i, n)))
print(seen, progress)


def gen():
    for k in range(4):
        yield k * 10


seen.clear()
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    anim3 = FuncAnimation(fig2, update, frames=gen, save_count=2)
    anim3.save(os.path.join(d, 'c.gif'), writer=PillowWriter(fps=2))
print(seen)

fig3, ax3 = plt.subplots()
frames = [[ax3.plot([0, k], [0, 1])[0]] for k in range(3)]
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    art = ArtistAnimation(fig3, frames, interval=50, blit=True)
    art.save(os.path.join(d, 'd.gif'), writer=PillowWriter(fps=2))
print([f[0].get_visible() for f in frames])
