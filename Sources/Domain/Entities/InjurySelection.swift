/// The choices made on "Who was injured?", with the one toggling rule of the product.
public struct InjurySelection: Sendable, Hashable {
    private var chosen: Set<Injury>

    public static let none = InjurySelection()

    public init() {
        chosen = []
    }

    /// Rebuilds a selection that was stored earlier, applying the rule to each choice in order,
    /// so stored data can never hold *No one* together with a person.
    public init(_ injuries: some Sequence<Injury>) {
        chosen = []
        for injury in injuries where !chosen.contains(injury) {
            toggle(injury)
        }
    }

    /// The rule: choosing a chosen option again unchooses it; choosing *No one* or *Unsure* leaves it alone;
    /// choosing a person clears *No one* and *Unsure*.
    public mutating func toggle(_ injury: Injury) {
        if chosen.contains(injury) {
            chosen.remove(injury)
        } else if injury.isExclusive {
            chosen = [injury]
        } else {
            chosen = chosen.filter { !$0.isExclusive }
            chosen.insert(injury)
        }
    }

    /// Returns the selection after ``toggle(_:)``.
    public func toggling(_ injury: Injury) -> InjurySelection {
        var copy = self
        copy.toggle(injury)
        return copy
    }

    public func contains(_ injury: Injury) -> Bool { chosen.contains(injury) }

    /// The selection with *No one* and *Unsure* cleared: what choosing a person (a cyclist or pedestrian hurt) leaves.
    public var withoutExclusive: InjurySelection {
        var copy = self
        copy.chosen = chosen.filter { !$0.isExclusive }
        return copy
    }

    /// The choices in the order of the screen.
    public var selected: [Injury] { chosen.sorted() }

    public var isEmpty: Bool { chosen.isEmpty }
    public var count: Int { chosen.count }
}
