/// Where an information page (Who was injured?, Other driver's info, Your info) is: on the page itself, or in
/// the dialog its Close opens.
@MainActor
public enum PageRoute {
    /// Back to this page.
    case page
    /// "Discard all information on this page?"
    case discard(DiscardPageViewModel)
}
