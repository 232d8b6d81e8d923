import PhotoStore

/// Every rebindable command, by the name the config file uses (`[keys]` in config.toml).
public enum KeyCommand: String, Hashable, Sendable, CaseIterable {
  case moveUp = "up"
  case moveDown = "down"
  case moveLeft = "left"
  case moveRight = "right"
  case pageUp = "page-up"
  case pageDown = "page-down"
  case first = "first"
  case last = "last"
  case open = "open"
  case back = "back"
  case nextSegment = "next-segment"
  case previousSegment = "previous-segment"
  case libraryTab = "library"
  case albumsTab = "albums"
  case searchTab = "search"
  case favorite = "favorite"
  case delete = "delete"
  case restore = "restore"
  case undo = "undo"
  case hide = "hide"
  case export = "export"
  case rotateClockwise = "rotate-clockwise"
  case rotateAnticlockwise = "rotate-anticlockwise"
  case newAlbum = "new-album"
  case renameAlbum = "rename-album"
  case deleteAlbum = "delete-album"
  case addToAlbum = "add-to-album"
  case removeFromAlbum = "remove-from-album"
  case memories = "memories"
  case map = "map"
  case adjustDates = "adjust-date"
  case tag = "tag"
  case rate = "rate"
  case caption = "caption"
  case importPhotos = "import"
  case mark = "mark"
  case markRange = "mark-range"
  case info = "info"
  case help = "help"
  case zoomIn = "zoom-in"
  case zoomOut = "zoom-out"
  case zoomFit = "zoom-fit"
  case zoomActualSize = "zoom-1:1"
  case zoomFill = "fit-fill"
  case chrome = "chrome"
  case slideshow = "slideshow"
  case slideshowFaster = "slideshow-faster"
  case slideshowSlower = "slideshow-slower"
  case play = "play"
  case seekBack = "seek-back"
  case seekForward = "seek-forward"
  case copyPath = "copy-path"
  case copyMarkedPaths = "copy-marked-paths"
  case openExternally = "open-externally"
  case openFolder = "open-folder"
  case chooseKeeper = "keep"
  case merge = "merge"
  case quit = "quit"

  /// The action the command sends.
  public var action: Action {
    switch self {
    case .moveUp: return .move(.up)
    case .moveDown: return .move(.down)
    case .moveLeft: return .move(.left)
    case .moveRight: return .move(.right)
    case .pageUp: return .move(.pageUp)
    case .pageDown: return .move(.pageDown)
    case .first: return .move(.first)
    case .last: return .move(.last)
    case .open: return .open
    case .back: return .back
    case .nextSegment: return .nextSegment
    case .previousSegment: return .previousSegment
    case .libraryTab: return .showTab(.library)
    case .albumsTab: return .showTab(.albums)
    case .searchTab: return .startSearch
    case .favorite: return .edit(.toggleFavorite)
    case .delete: return .edit(.delete)
    case .restore: return .edit(.restore)
    case .undo: return .edit(.undo)
    case .hide: return .edit(.toggleHidden)
    case .export: return .edit(.export)
    case .rotateClockwise: return .edit(.rotate(clockwise: true))
    case .rotateAnticlockwise: return .edit(.rotate(clockwise: false))
    case .newAlbum: return .album(.new)
    case .renameAlbum: return .album(.rename)
    case .deleteAlbum: return .album(.delete)
    case .addToAlbum: return .album(.addPhotos)
    case .removeFromAlbum: return .album(.removePhotos)
    case .memories: return .album(.showMemories)
    case .map: return .map(.show)
    case .adjustDates: return .edit(.adjustDates)
    case .tag: return .edit(.tag)
    case .rate: return .edit(.rate)
    case .caption: return .edit(.caption)
    case .importPhotos: return .importing(.start)
    case .mark: return .mark(.toggle)
    case .markRange: return .mark(.range)
    case .info: return .panel(.info)
    case .help: return .panel(.help)
    case .zoomIn: return .detail(.zoomIn)
    case .zoomOut: return .detail(.zoomOut)
    case .zoomFit: return .detail(.fit)
    case .zoomActualSize: return .detail(.actualSize)
    case .zoomFill: return .detail(.toggleFill)
    case .chrome: return .detail(.toggleChrome)
    case .copyPath: return .edit(.copyPath)
    case .slideshow: return .detail(.slideshow)
    case .slideshowFaster: return .detail(.slideshowFaster)
    case .slideshowSlower: return .detail(.slideshowSlower)
    case .play: return .detail(.togglePlayback)
    case .seekBack: return .detail(.seek(forward: false))
    case .seekForward: return .detail(.seek(forward: true))
    case .copyMarkedPaths: return .edit(.copyMarkedPaths)
    case .openExternally: return .edit(.openExternally(folder: false))
    case .openFolder: return .edit(.openExternally(folder: true))
    case .chooseKeeper: return .duplicates(.chooseKeeper)
    case .merge: return .duplicates(.merge)
    case .quit: return .quit
    }
  }

  /// The keys bound to the command when the config says nothing.
  public var defaultKeys: [InputEvent] {
    switch self {
    case .moveUp: return [.up, .character("k")]
    case .moveDown: return [.down, .character("j")]
    case .moveLeft: return [.left, .character("h")]
    case .moveRight: return [.right, .character("l")]
    case .pageUp: return [.pageUp, .character("\u{02}")]  // Ctrl-B, as in less and vim
    case .pageDown: return [.pageDown, .character("\u{06}"), .character(" ")]
    case .first: return [.home, .character("g")]
    case .last: return [.end, .character("G")]
    case .open: return [.enter, .character("\n"), .character("\r")]
    case .back: return [.escape, .backspace]
    case .nextSegment: return [.tab]
    case .previousSegment: return [.backTab]
    case .libraryTab: return [.character("1")]
    case .albumsTab: return [.character("2")]
    case .searchTab: return [.character("/"), .character("3")]
    case .favorite: return [.character("f")]
    case .delete: return [.character("d"), .delete]
    case .restore: return [.character("r")]
    case .undo: return [.character("u")]
    case .hide: return [.character("H")]
    case .export: return [.character("e")]
    case .rotateClockwise: return [.character(">")]
    case .rotateAnticlockwise: return [.character("<")]
    case .newAlbum: return [.character("n")]
    case .renameAlbum: return [.character("R")]
    case .deleteAlbum: return [.character("D")]
    case .addToAlbum: return [.character("a")]
    case .removeFromAlbum: return [.character("x")]
    case .memories: return [.character("M")]
    case .map: return [.character("m")]
    case .adjustDates: return [.character("T")]
    // t for tag (T is the date); s for stars (the digits are the tabs and the zoom).
    case .tag: return [.character("t")]
    case .rate: return [.character("s")]
    // C for caption (c hides the photo view's bars).
    case .caption: return [.character("C")]
    case .importPhotos: return [.character("I")]
    case .mark: return [.character("v")]
    case .markRange: return [.character("V")]
    case .info: return [.character("i")]
    case .help: return [.character("?")]
    // + and - as in every image viewer; = is nsxiv's 1:1 (its "set zoom to 100%").
    case .zoomIn: return [.character("+")]
    case .zoomOut: return [.character("-"), .character("_")]
    case .zoomFit: return [.character("0")]
    case .zoomActualSize: return [.character("=")]
    case .zoomFill: return [.character("F")]
    case .chrome: return [.character("c")]
    // y as in vim's yank (and yazi's copy); the answer keys of a dialog are read apart.
    case .copyPath: return [.character("y")]
    case .slideshow: return [.character("S")]
    case .slideshowFaster: return [.character("[")]
    case .slideshowSlower: return [.character("]")]
    // p as in mpv's and every player's pause key.
    case .play: return [.character("p")]
    // Shift-arrows as in mpv (its exact seek) and VLC (a short jump): ← → page or seek.
    case .seekBack: return [.shiftLeft]
    case .seekForward: return [.shiftRight]
    case .copyMarkedPaths: return [.character("Y")]
    // o as in ranger's and nnn's "open with"; O for the folder, as in lf's and yazi's reveal.
    case .openExternally: return [.character("o")]
    case .openFolder: return [.character("O")]
    // K for keep: the photo a merge keeps (in the Duplicates album).
    case .chooseKeeper: return [.character("K")]
    // J as vim's join: the group joined into its keeper (m is the map, M Memories).
    case .merge: return [.character("J")]
    case .quit: return [.character("q")]
    }
  }
}
