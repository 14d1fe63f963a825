// Not listed by the old-style project: a tool that reads it reports this syntax error.
namespace OldStyle { public class NotInProject {
