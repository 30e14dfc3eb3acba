// The demo game vendor: a separate process that plays its games through the platform's wallet API.
console.log('demo vendor: not built yet');
