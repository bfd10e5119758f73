// The offline page's Retry button, and a retry of its own once the connection returns.
// Reloads the address that was asked for: the offline page is shown in its place.
const retry = () => window.location.reload();
document.getElementById('retry')?.addEventListener('click', retry);
window.addEventListener('online', retry);
