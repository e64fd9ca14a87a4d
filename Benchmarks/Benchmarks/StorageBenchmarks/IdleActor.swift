/// An actor with nothing to do, to measure the cost of calling one.
actor IdleActor {
    func value() -> Int { 1 }
}
