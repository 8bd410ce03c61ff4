//! A disk that fills up when a test says so: a SQLite VFS over the system's own whose every
//! write fails with `SQLITE_FULL` while its disk is full, the answer SQLite gives when the
//! operating system says there is no room (`ENOSPC`). Reads still work, so a test sees what
//! was kept.
//!
//! SQLite's own `max_page_count` cannot stand in for it: that limit is met only when the file
//! grows, during a statement, while a full disk refuses the write-ahead log's frames at the
//! commit, after a statement with `RETURNING` has already handed out its rows; and a change
//! made in place (a count, a flag) never grows the file at all.
//!
//! Each [`FullDisk`] is a VFS of its own name, so tests running at once do not fill each
//! other's disks. A database is opened on it with the URL from [`FullDisk::url`].

use std::ffi::{CString, c_char, c_int, c_void};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use libsqlite3_sys as ffi;
use tempfile::TempDir;

/// A disk of one test's databases.
pub struct FullDisk {
    name: String,
    state: &'static Disk,
}

/// What the VFS's functions reach through its `pAppData`: the system's VFS and whether the
/// disk is full.
struct Disk {
    real: *mut ffi::sqlite3_vfs,
    full: AtomicBool,
    /// Commits to let through before the disk is full (0: none counted).
    commits_left: AtomicUsize,
}

// The system's VFS is registered for the life of the process and used from any thread.
unsafe impl Sync for Disk {}

/// The methods of one open file: the system's, with the write and the close replaced. The
/// replaced table is the file's `pMethods`, so the write finds its disk from the file alone.
#[repr(C)]
struct Methods {
    methods: ffi::sqlite3_io_methods,
    real: *const ffi::sqlite3_io_methods,
    disk: &'static Disk,
}

impl FullDisk {
    /// A new disk with room, registered as a VFS of its own.
    pub fn new() -> FullDisk {
        static DISKS: AtomicUsize = AtomicUsize::new(0);
        let name = format!("full-disk-{}", DISKS.fetch_add(1, Ordering::Relaxed));
        // SAFETY: the default VFS lives as long as the process; the new VFS and its name are
        // leaked, as a registered VFS must outlive every connection that uses it.
        unsafe {
            let real = ffi::sqlite3_vfs_find(std::ptr::null());
            assert!(!real.is_null(), "SQLite has no default VFS");
            let state: &'static Disk = Box::leak(Box::new(Disk {
                real,
                full: AtomicBool::new(false),
                commits_left: AtomicUsize::new(0),
            }));
            let mut vfs = *real;
            vfs.pNext = std::ptr::null_mut();
            vfs.zName = CString::new(name.clone()).unwrap().into_raw();
            vfs.pAppData = std::ptr::from_ref(state).cast_mut().cast::<c_void>();
            vfs.xOpen = Some(open);
            let code = ffi::sqlite3_vfs_register(Box::into_raw(Box::new(vfs)), 0);
            assert_eq!(code, ffi::SQLITE_OK, "the VFS was not registered");
            FullDisk { name, state }
        }
    }

    /// The URL of the database `ponte.db` in `dir` on this disk.
    pub fn url(&self, dir: &TempDir) -> String {
        format!(
            "sqlite://{}?vfs={}",
            dir.path().join("ponte.db").display(),
            self.name
        )
    }

    /// From now on every write fails as on a full disk.
    pub fn fill(&self) {
        self.state.full.store(true, Ordering::SeqCst);
    }

    /// Room for `commits` more commits, then the disk is full: a request's later writes fail
    /// after its first ones were kept. (A write that changes nothing, such as a name saved
    /// again unchanged, commits nothing.)
    pub fn fill_after_commits(&self, commits: usize) {
        self.state.commits_left.store(commits, Ordering::SeqCst);
        self.state.full.store(commits == 0, Ordering::SeqCst);
    }

    /// Room again, as after files were deleted.
    pub fn free(&self) {
        self.state.commits_left.store(0, Ordering::SeqCst);
        self.state.full.store(false, Ordering::SeqCst);
    }
}

impl Default for FullDisk {
    fn default() -> FullDisk {
        FullDisk::new()
    }
}

unsafe extern "C" fn open(
    vfs: *mut ffi::sqlite3_vfs,
    name: *const c_char,
    file: *mut ffi::sqlite3_file,
    flags: c_int,
    out_flags: *mut c_int,
) -> c_int {
    // SAFETY: SQLite calls this with the VFS registered above, whose `pAppData` is a leaked
    // `Disk`, and a file of the system VFS's size, which the system's `xOpen` fills in.
    unsafe {
        let disk: &'static Disk = &*(*vfs).pAppData.cast::<Disk>();
        let real_open = (*disk.real).xOpen.expect("the system VFS opens files");
        let code = real_open(disk.real, name, file, flags, out_flags);
        if code == ffi::SQLITE_OK && !(*file).pMethods.is_null() {
            let real = (*file).pMethods;
            let mut methods = *real;
            methods.xWrite = Some(write);
            methods.xSync = Some(sync);
            methods.xClose = Some(close);
            let replaced = Box::new(Methods {
                methods,
                real,
                disk,
            });
            (*file).pMethods = Box::into_raw(replaced).cast::<ffi::sqlite3_io_methods>();
        }
        code
    }
}

unsafe extern "C" fn write(
    file: *mut ffi::sqlite3_file,
    data: *const c_void,
    amount: c_int,
    offset: ffi::sqlite3_int64,
) -> c_int {
    // SAFETY: only files opened by `open` have this method, and their `pMethods` is the
    // `Methods` it made (its first field is the table SQLite reads).
    unsafe {
        let methods = &*(*file).pMethods.cast::<Methods>();
        if methods.disk.full.load(Ordering::SeqCst) {
            return ffi::SQLITE_FULL;
        }
        let real_write = (*methods.real).xWrite.expect("the system VFS writes");
        real_write(file, data, amount, offset)
    }
}

/// A commit ends with the write-ahead log synced (the store's `synchronous` is `FULL`), so a
/// sync is where a counted commit is done.
unsafe extern "C" fn sync(file: *mut ffi::sqlite3_file, flags: c_int) -> c_int {
    // SAFETY: as in `write`.
    unsafe {
        let methods = &*(*file).pMethods.cast::<Methods>();
        let real_sync = (*methods.real).xSync.expect("the system VFS syncs");
        let code = real_sync(file, flags);
        let disk = methods.disk;
        let counted = disk
            .commits_left
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |left| {
                left.checked_sub(1)
            });
        if counted == Ok(1) {
            disk.full.store(true, Ordering::SeqCst);
        }
        code
    }
}

unsafe extern "C" fn close(file: *mut ffi::sqlite3_file) -> c_int {
    // SAFETY: as in `write`; the `Methods` is freed once, when SQLite closes the file, after
    // the system's methods are put back for the system's close.
    unsafe {
        let methods = Box::from_raw((*file).pMethods.cast::<Methods>().cast_mut());
        (*file).pMethods = methods.real;
        let real_close = (*methods.real).xClose.expect("the system VFS closes files");
        real_close(file)
    }
}
