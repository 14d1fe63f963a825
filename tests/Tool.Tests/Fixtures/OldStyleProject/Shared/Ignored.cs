// Excluded by the project's Exclude attribute: a tool that reads it reports this syntax error.
namespace OldStyle { public class Ignored {
