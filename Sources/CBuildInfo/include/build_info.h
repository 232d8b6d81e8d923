#ifndef LIGHTBOX_BUILD_INFO_H
#define LIGHTBOX_BUILD_INFO_H

/// The commit this binary was built from ("unknown" unless the build passed
/// -Xcc -DLIGHTBOX_COMMIT=\"…\", as scripts/install does).
const char *lb_build_commit(void);

#endif
