//! A zlib stream deflated in parts, each part with its own search for matches: zlib's
//! `deflateTune`, through libz-rs-sys, the C interface of zlib-rs (flate2, its Rust
//! interface, does not offer the tuning). The only unsafe code of the renderer.

use libz_rs_sys::{
    Z_DEFAULT_STRATEGY, Z_DEFLATED, Z_FINISH, Z_NO_FLUSH, Z_OK, Z_STREAM_END, deflate,
    deflateBound, deflateEnd, deflateInit2_, deflateTune, z_stream, zlibVersion,
};

/// How deflate looks for the match at each byte (zlib's `deflateTune`): a match of `good`
/// bytes or more shortens the search for a longer one at the next byte; `lazy` is the longest
/// match after which the next byte is still tried; a match of `nice` bytes ends the search;
/// `chain` is how many earlier places of the same three bytes are tried at most.
#[derive(Clone, Copy, Debug)]
pub(super) struct Search {
    pub good: i32,
    pub lazy: i32,
    pub nice: i32,
    pub chain: i32,
}

/// A zlib stream (RFC 1950, a 32 KB window) of `parts`' bytes one after the other, at
/// `level`, each part searched as its [`Search`] says (`None`: as `level` does). The parts
/// are one deflate stream: a part's matches may reach back into the part before it.
pub(super) fn zlib(level: i32, parts: &[(&[u8], Option<Search>)]) -> Vec<u8> {
    let total: usize = parts.iter().map(|(bytes, _)| bytes.len()).sum();
    let mut stream = Stream::new(level);
    let z = stream.raw();
    // Room for the whole stream at its worst, so that each part is taken in one call.
    // SAFETY: `z` was initialised by `Stream::new`.
    let bound = unsafe { deflateBound(z, total as _) } as usize;
    let mut data: Vec<u8> = Vec::with_capacity(bound);
    // SAFETY: `z` is an initialised stream; `data`'s buffer outlives every call below and
    // does not move (nothing is pushed); each input is borrowed for the call that reads it;
    // the length set at the end is what deflate wrote.
    unsafe {
        (*z).next_out = data.as_mut_ptr();
        (*z).avail_out = u32::try_from(bound).expect("a picture's stream is under 4 GB");
        // (An empty part is skipped: deflate reports no progress on no input.)
        for (bytes, search) in parts.iter().filter(|(bytes, _)| !bytes.is_empty()) {
            if let Some(s) = search {
                assert_eq!(deflateTune(z, s.good, s.lazy, s.nice, s.chain), Z_OK);
            }
            (*z).next_in = bytes.as_ptr();
            (*z).avail_in = u32::try_from(bytes.len()).expect("a part is under 4 GB");
            assert_eq!(deflate(z, Z_NO_FLUSH), Z_OK);
            assert_eq!((*z).avail_in, 0, "the output has room for all the input");
        }
        (*z).next_in = std::ptr::null();
        assert_eq!(deflate(z, Z_FINISH), Z_STREAM_END);
        data.set_len((*z).total_out as usize);
    }
    data
}

/// A deflate stream of libz-rs-sys, ended when dropped. Boxed: zlib's state points back to
/// its stream, which must not move.
struct Stream(Box<z_stream>);

impl Stream {
    fn new(level: i32) -> Stream {
        let mut stream = Stream(Box::default());
        // SAFETY: a default stream (no allocator given: zlib-rs's own) is what
        // `deflateInit2_` expects; the version and size are the library's own.
        let status = unsafe {
            deflateInit2_(
                stream.raw(),
                level,
                Z_DEFLATED,
                15,
                8,
                Z_DEFAULT_STRATEGY,
                zlibVersion(),
                std::mem::size_of::<z_stream>() as i32,
            )
        };
        assert_eq!(status, Z_OK, "deflate level {level}");
        stream
    }

    fn raw(&mut self) -> *mut z_stream {
        &mut *self.0
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        // SAFETY: initialised in `new`, ended once, here.
        unsafe { deflateEnd(self.raw()) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inflated(data: &[u8]) -> Vec<u8> {
        let mut read = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::ZlibDecoder::new(data), &mut read)
            .expect("a whole zlib stream, its checksum right");
        read
    }

    /// Parts searched their own ways, and a level with no tuning, read back (the checksum
    /// checked) as the bytes they were made of; an empty part and an empty stream too.
    #[test]
    fn a_stream_of_parts_reads_back_whole() {
        let board: Vec<u8> = (0..70_000u32).map(|i| (i % 251 / 7) as u8).collect();
        let caption: Vec<u8> = (0..40_000u32).map(|i| (i * i % 13) as u8).collect();
        let wide = Search {
            good: 8,
            lazy: 1,
            nice: 64,
            chain: 24,
        };
        let narrow = Search { chain: 2, ..wide };
        let data = zlib(
            5,
            &[(&board, Some(wide)), (&[], None), (&caption, Some(narrow))],
        );
        assert_eq!(inflated(&data), [board.clone(), caption].concat());
        assert!(data.len() < 10_000, "{} bytes", data.len());
        assert_eq!(inflated(&zlib(8, &[(&board, None)])), board);
        assert_eq!(inflated(&zlib(5, &[])), Vec::<u8>::new());
    }
}
