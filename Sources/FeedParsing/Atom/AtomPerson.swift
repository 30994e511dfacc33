/// How an Atom person construct (`author`) is shown, in Atom feeds and as `atom:author` in RSS.
enum AtomPerson {
    /// "Name (email)" when both are given, else whichever is.
    static func displayName(name: String?, email: String?) -> String? {
        switch (name, email) {
        case (let name?, let email?): "\(name) (\(email))"
        case (let name, let email): name ?? email
        }
    }
}
