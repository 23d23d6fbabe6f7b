# matplotlib.animation for Kiln: FuncAnimation and ArtistAnimation with matplotlib 3.10's frame
# sequence (frames as a count, an iterable, a generator function or None; save_count; fargs;
# init_func), so that saving an animation calls the program's frame function exactly as matplotlib
# does: once for the initial draw (frame data of the first frame, or init_func), then once per saved
# frame, with progress_callback(frame_number, total_frames) after each. The writers (PillowWriter,
# FFMpegWriter, ImageMagickWriter, HTMLWriter) are accepted by name or object. Like savefig, saving
# renders nothing: Kiln's matplotlib records plots without drawing them, so no file is written and
# the program is told once (the UserWarning pyplot's savefig gives). to_jshtml/to_html5_video return
# no movie for the same reason.
import itertools
import warnings
from collections import deque

from matplotlib import pyplot as _pyplot


class MovieWriter:
    def __init__(self, fps=5, codec=None, bitrate=None, extra_args=None, metadata=None):
        self.fps = fps
        self.codec = codec
        self.bitrate = bitrate
        self.extra_args = extra_args
        self.metadata = metadata if metadata is not None else {}
        self.outfile = None
        self.fig = None
        self.dpi = None

    @classmethod
    def isAvailable(cls):
        return True

    def setup(self, fig, outfile, dpi=None):
        self.fig = fig
        self.outfile = outfile
        self.dpi = dpi

    def grab_frame(self, **savefig_kwargs):
        pass

    def finish(self):
        _warn_not_rendered(self.outfile)


class AbstractMovieWriter(MovieWriter):
    pass


class PillowWriter(MovieWriter):
    pass


class FFMpegWriter(MovieWriter):
    pass


class FFMpegFileWriter(MovieWriter):
    pass


class ImageMagickWriter(MovieWriter):
    pass


class ImageMagickFileWriter(MovieWriter):
    pass


class HTMLWriter(MovieWriter):
    pass


class MovieWriterRegistry:
    def __init__(self):
        self._registered = {"pillow": PillowWriter, "ffmpeg": FFMpegWriter, "ffmpeg_file": FFMpegFileWriter,
                            "imagemagick": ImageMagickWriter, "imagemagick_file": ImageMagickFileWriter,
                            "html": HTMLWriter}

    def register(self, name):
        def wrapper(writer_cls):
            self._registered[name] = writer_cls
            return writer_cls
        return wrapper

    def is_available(self, name):
        return name in self._registered

    def __iter__(self):
        return iter(self._registered)

    def list(self):
        return list(self._registered)

    def __getitem__(self, name):
        if name in self._registered:
            return self._registered[name]
        raise RuntimeError(f"Requested MovieWriter ({name}) not available")


writers = MovieWriterRegistry()


def _warn_not_rendered(outfile):
    name = outfile if isinstance(outfile, str) else getattr(outfile, "name", repr(outfile))
    if not _pyplot._savefig_warned:
        _pyplot._savefig_warned = True
        warnings.warn(f"savefig({name!r}): Kiln's matplotlib records plots but does not render them, so no "
                      "file was written (run the program with CPython and matplotlib for the picture)",
                      UserWarning, stacklevel=3)


class Animation:
    def __init__(self, fig, event_source=None, blit=False):
        self._draw_was_started = False
        self._fig = fig
        self._blit = blit
        self.event_source = event_source
        self.frame_seq = self.new_frame_seq()

    def new_frame_seq(self):
        return iter(self._framedata)

    def new_saved_frame_seq(self):
        return self.new_frame_seq()

    def _init_draw(self):
        self._draw_was_started = True

    def _pre_draw(self, framedata, blit):
        pass

    def _post_draw(self, framedata, blit):
        pass

    def _draw_next_frame(self, framedata, blit):
        self._pre_draw(framedata, blit)
        self._draw_frame(framedata)
        self._post_draw(framedata, blit)

    def save(self, filename, writer=None, fps=None, dpi=None, codec=None, bitrate=None, extra_args=None,
             metadata=None, extra_anim=None, savefig_kwargs=None, *, progress_callback=None):
        all_anim = [self]
        if extra_anim is not None:
            all_anim.extend(anim for anim in extra_anim if anim._fig is self._fig)
        for anim in all_anim:
            anim._draw_was_started = True
        if writer is None:
            writer = "ffmpeg"
        if isinstance(writer, str):
            writer = writers[writer](fps=fps if fps is not None else 5, codec=codec, bitrate=bitrate,
                                     extra_args=extra_args, metadata=metadata)
        writer.setup(self._fig, filename, dpi)
        for anim in all_anim:
            anim._init_draw()
        frame_number = 0
        save_counts = [getattr(a, "_save_count", None) for a in all_anim]
        total_frames = None if None in save_counts else sum(save_counts)
        for data in zip(*[a.new_saved_frame_seq() for a in all_anim]):
            for anim, d in zip(all_anim, data):
                anim._draw_next_frame(d, blit=False)
                if progress_callback is not None:
                    progress_callback(frame_number, total_frames)
                    frame_number += 1
            writer.grab_frame(**(savefig_kwargs or {}))
        writer.finish()

    def to_html5_video(self, embed_limit=None):
        return "Video too large to embed."

    def to_jshtml(self, fps=None, embed_frames=True, default_mode=None):
        return ""

    def _repr_html_(self):
        return None

    def pause(self):
        pass

    def resume(self):
        pass


class TimedAnimation(Animation):
    def __init__(self, fig, interval=200, repeat_delay=0, repeat=True, event_source=None, *args, **kwargs):
        self._interval = interval
        self._repeat_delay = repeat_delay if repeat_delay is not None else 0
        self._repeat = repeat
        super().__init__(fig, event_source, *args, **kwargs)


class ArtistAnimation(TimedAnimation):
    def __init__(self, fig, artists, *args, **kwargs):
        self._drawn_artists = []
        self._framedata = artists
        super().__init__(fig, *args, **kwargs)

    def _init_draw(self):
        super()._init_draw()
        for f in self.new_frame_seq():
            for artist in f:
                if hasattr(artist, "set_visible"):
                    artist.set_visible(False)

    def _pre_draw(self, framedata, blit):
        for artist in self._drawn_artists:
            if hasattr(artist, "set_visible"):
                artist.set_visible(False)

    def _draw_frame(self, artists):
        self._drawn_artists = artists
        for artist in artists:
            if hasattr(artist, "set_visible"):
                artist.set_visible(True)


class FuncAnimation(TimedAnimation):
    def __init__(self, fig, func, frames=None, init_func=None, fargs=None, save_count=None, *,
                 cache_frame_data=True, **kwargs):
        self._args = fargs if fargs else ()
        self._func = func
        self._init_func = init_func
        self._save_count = save_count
        if frames is None:
            self._iter_gen = itertools.count
        elif callable(frames):
            self._iter_gen = frames
        elif hasattr(frames, "__iter__"):
            if kwargs.get("repeat", True):
                self._tee_from = frames

                def iter_frames(frames=frames):
                    this, self._tee_from = itertools.tee(self._tee_from, 2)
                    yield from this
                self._iter_gen = iter_frames
            else:
                self._iter_gen = lambda: iter(frames)
            if hasattr(frames, "__len__"):
                self._save_count = len(frames)
                if save_count is not None:
                    warnings.warn(f"You passed in an explicit save_count={save_count!r} which is being ignored "
                                  f"in favor of len(frames)={len(frames)!r}.")
        else:
            self._iter_gen = lambda: iter(range(frames))
            self._save_count = frames
            if save_count is not None:
                warnings.warn(f"You passed in an explicit save_count={save_count!r} which is being ignored "
                              f"in favor of frames={frames!r}.")
        if self._save_count is None and cache_frame_data:
            warnings.warn(f"frames={frames!r} which we can infer the length of, did not pass an explicit "
                          "*save_count* value, and passed cache_frame_data=True.  To avoid a possibly unbounded "
                          "cache, frame data caching has been disabled. To suppress this warning either pass "
                          "`cache_frame_data=False` or `save_count=MAX_FRAMES`.")
            cache_frame_data = False
        self._cache_frame_data = cache_frame_data
        self._save_seq = deque([], self._save_count)
        super().__init__(fig, **kwargs)
        self._save_seq = deque([], self._save_count)

    def new_frame_seq(self):
        return self._iter_gen()

    def new_saved_frame_seq(self):
        if self._save_seq:
            self._old_saved_seq = list(self._save_seq)
            return iter(self._old_saved_seq)
        if self._save_count is None:
            frame_seq = self.new_frame_seq()

            def gen():
                try:
                    while True:
                        yield next(frame_seq)
                except StopIteration:
                    pass
            return gen()
        return itertools.islice(self.new_frame_seq(), self._save_count)

    def _init_draw(self):
        super()._init_draw()
        if self._init_func is None:
            try:
                frame_data = next(self.new_frame_seq())
            except StopIteration:
                warnings.warn("Can not start iterating the frames for the initial draw. This can be caused by "
                              "passing in a 0 length sequence for *frames*.\n\nIf you passed *frames* as a "
                              "generator it may be exhausted due to a previous display or save.")
                return
            self._draw_frame(frame_data)
        else:
            self._drawn_artists = self._init_func()
        self._save_seq.clear()

    def _draw_frame(self, framedata):
        if self._cache_frame_data:
            self._save_seq.append(framedata)
        self._drawn_artists = self._func(framedata, *self._args)
