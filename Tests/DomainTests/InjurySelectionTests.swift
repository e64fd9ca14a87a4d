import Domain
import Testing

@Suite("Who was injured? — the toggling rule")
struct InjurySelectionTests {
    static let people: [Injury] = [.myself, .myPassengers, .otherDriver, .otherDriversPassengers]

    /// Every selection the rule can produce: any set of people, *No one* alone, *Unsure* alone.
    static let reachableSelections: [Set<Injury>] = {
        let peopleSets = (0..<(1 << people.count)).map { mask in
            Set(people.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element))
        }
        return peopleSets + [[.noOne], [.unsure]]
    }()

    static let everyStartAndOption: [(Set<Injury>, Injury)] =
        reachableSelections.flatMap { start in Injury.allCases.map { (start, $0) } }

    @Test("every option from every starting selection", arguments: everyStartAndOption)
    func toggleFollowsTheRule(start: Set<Injury>, option: Injury) {
        // Given
        var selection = InjurySelection(start.sorted())
        #expect(Set(selection.selected) == start)

        // When
        selection.toggle(option)

        // Then: the rule written out case by case
        let result = Set(selection.selected)
        if start.contains(option) {
            #expect(result == start.subtracting([option]), "choosing a chosen option again unchooses it")
        } else if option == .noOne || option == .unsure {
            #expect(result == [option], "No one and Unsure clear every other choice")
        } else {
            #expect(result == start.subtracting([.noOne, .unsure]).union([option]),
                    "a person clears No one and Unsure and keeps the other people")
        }
        #expect(result.isSubset(of: Set(Self.people)) || result.count == 1, "No one / Unsure never stand with others")
    }

    @Test func selectingNoOneClearsEveryoneElse() {
        var selection = InjurySelection([.myself, .otherDriver, .myPassengers])
        selection.toggle(.noOne)
        #expect(selection.selected == [.noOne])
    }

    @Test func selectingUnsureReplacesNoOne() {
        var selection = InjurySelection([.noOne])
        selection.toggle(.unsure)
        #expect(selection.selected == [.unsure])
    }

    @Test func selectingAPersonClearsUnsure() {
        var selection = InjurySelection([.unsure])
        selection.toggle(.otherDriversPassengers)
        #expect(selection.selected == [.otherDriversPassengers])
    }

    @Test func selectingTheSameOptionTwiceLeavesNothingChosen() {
        let selection = InjurySelection().toggling(.myself).toggling(.myself)
        #expect(selection.isEmpty)
    }

    @Test func choicesAreListedInScreenOrderWhateverTheOrderChosen() {
        let selection = InjurySelection().toggling(.otherDriversPassengers).toggling(.myself).toggling(.otherDriver)
        #expect(selection.selected == [.myself, .otherDriver, .otherDriversPassengers])
    }

    @Test func rebuildingAStoredSelectionAppliesTheRule() {
        // A stored list that breaks the rule comes back consistent.
        let selection = InjurySelection([.noOne, .myself])
        #expect(selection.selected == [.myself])
    }
}
